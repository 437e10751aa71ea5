export { runWorkflow, type NodeUnderTest, type RunOptions, type RunResult } from './run';
export { TestCredentialsHelper, type CredentialValues } from './credentials';
export { loadPackage, PROJECT_ROOT } from './loader';
export { activeTrigger, pollOnce, type PollOptions } from './poll';
export { nodeLoadOptionsContext, type LoadOptionsNode } from './loadOptions';
export { everyNodeVersion, everyParameter, type NodeVersion } from './descriptions';
