// The returns area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/returns/ from outside it).
// The area is the only owner of the return machine (RETURN_FLOW): others ask, never change.
export { hasOpenReturn } from './eligibility';
// The return POD through an approval request (the POD area's queue): what it may be made for and what approving it does.
export { collectByApproval, latestReturnStatus, lockReturnForPodRequest, type ApprovedCollection, type ReturnForPodRequest } from './service';
