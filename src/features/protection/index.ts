/** What player protection offers other areas: the break or exclusion in force and the first-deposit limit prompt (the deposit page). */
export { ProtectionState } from './ProtectionState.tsx';
export { DepositLimitPrompt } from './DepositLimitPrompt.tsx';
