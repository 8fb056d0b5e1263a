// The POD area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/pod/ from outside it).
export { decidePod, podLimits, type PodConfig, type PodLimits, type PodVerdict } from './decide';
// The capture-time rule and its refusal, for every proof made at the customer's address (the return POD too).
export { captureRefusal, refuseCapture, type CaptureRefusal, type CaptureTimes } from './capture';
// Closing an order's pending approval request when a proof at the customer's address makes it moot.
export { closePendingRequests, RETURN_AUTO_CLOSE_TEXT } from './pending';
