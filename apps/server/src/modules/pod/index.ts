// The POD area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/pod/ from outside it).
export { decidePod, podLimits, type PodConfig, type PodLimits, type PodVerdict } from './decide';
// The capture-time rule and its refusal, for every proof made at the customer's address (the return POD too).
export { captureRefusal, refuseCapture, type CaptureRefusal, type CaptureTimes } from './capture';
