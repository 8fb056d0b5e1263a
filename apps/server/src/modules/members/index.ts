// The members area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/members/ from outside it).
export { memberView, toStoreView } from './service';
