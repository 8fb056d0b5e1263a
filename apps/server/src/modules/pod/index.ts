// The POD area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/pod/ from outside it).
export { podLimits, type PodLimits } from './decide';
