// The recap area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/recap/ from outside it).
export { recapRoutes } from './routes';
export { getRecap } from './service';
