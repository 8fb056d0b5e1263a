// The app-config query lives in shared/ (several areas read it); its keys are re-exported for the shell.
export { appConfigKeys } from '@/shared/config/app-config';
