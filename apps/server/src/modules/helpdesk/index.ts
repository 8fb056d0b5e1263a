// The helpdesk area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/helpdesk/ from outside it).
// The area is the only owner of the ticket machine (TICKET_FLOW).
export { helpdeskFileRoutes, helpdeskRoutes } from './routes';
