// The cancellations area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/cancellations/ from outside it).
export { cancellationRoutes } from './routes';
