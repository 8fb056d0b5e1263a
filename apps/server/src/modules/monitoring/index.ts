// The monitoring area's public surface. Other areas (and main.ts) import only this file
// (eslint.config.js refuses a path into modules/monitoring/ from outside it).
export { ESCALATE_ACTION, escalateDue, escalationReason, startEscalations, type EscalationJob, type EscalationJobConfig } from './escalation';
export { loadMonitoring, type MonitoringSnapshot } from './queries';
export { registerMonitoringCache } from './reply-cache';
export { monitoringSettings, type MonitoringSettings } from './settings';
