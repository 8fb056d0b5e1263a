// The returns area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/returns/ from outside it).
// The area is the only owner of the return machine (RETURN_FLOW): others ask, never change.
export { hasOpenReturn } from './queries';
