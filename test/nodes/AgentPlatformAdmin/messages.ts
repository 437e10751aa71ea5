/**
 * The admin node's long expected texts (150 characters and more), named by what they say, so the
 * test bodies stay readable. A text that differs only by a value is a function of that value.
 */

/** Where an Admin call acts when its Project field is empty. */
const CREDENTIAL_PROJECT = 'the project named in the credential';

// ---- Input refused before any call

/** A Project value outside the service's ID form. */
export const NOT_A_PROJECT_ID = (value: string, item = 0) =>
	`'${value}' in the 'Project' field of item ${item} is not a project ID: use letters, digits, '.', '_' and '-' only (at most 240 characters), and not '.' or '..'`;

/** An ID of a kind whose form the service does not document (invite code, conversation ID). */
const NOT_AN_OPAQUE_ID = (value: string, field: string, noun: string, item: number) =>
	`'${value}' in the '${field}' field of item ${item} is not ${noun}: it may not contain spaces, control characters or / ? # %, and has at most 240 characters`;

export const NOT_AN_INVITE_CODE = (value: string, item: number) =>
	NOT_AN_OPAQUE_ID(value, 'Invite Code', 'an invite code', item);

export const NOT_A_CONVERSATION_ID = (value: string, item: number) =>
	NOT_AN_OPAQUE_ID(value, 'Conversation ID', 'a conversation ID', item);

// ---- Refusals of the service (401/403/404)

/** The message of a 401/403 to an Admin call: the service's words, then the role it needs where. */
export const NEEDS_ADMIN = (action: string, serviceMessage: string, where = CREDENTIAL_PROJECT) =>
	`The service refused to ${action}: ${serviceMessage} (this needs an API key with the Admin role on ${where})`;

/** The description of a 401/403 to an Admin call on the credential's project. */
export const ADMIN_ROLE_FIX = (requestId: string) =>
	`This operation needs an API key with the Admin role on ${CREDENTIAL_PROJECT}. Create the key as an Admin under Integrations & API Keys, or ask an Admin to run it. (request ID ${requestId})`;

/** The same on a project the Project field names. */
export const ADMIN_ROLE_ON_PROJECT_FIX = (project: string, requestId: string) =>
	`This operation needs an API key with the Admin role on project ${project}. Create the key as an Admin under Integrations & API Keys, or ask an Admin to run it. Check too that the Project field names a project of the key's organization. (request ID ${requestId})`;

/** A 401/403 to a call that needs no Admin role, on a project the Project field names. */
export const KEY_OUTSIDE_PROJECT = (action: string, serviceMessage: string, project: string) =>
	`The service refused to ${action}: ${serviceMessage} (the API key must belong to the organization of project ${project}; check the Project field, and the key and the region in the credential)`;

export const PROJECT_CREATE_NO_WRITE_ACCESS =
	'The service refused to create the project: No write access to organization org-9 (the API key must belong to the organization and may create projects in it; check the key and the region in the credential)';

// ---- Calls that may have run (never replayed)

/** A creating call whose fate is open: what broke, and where to look before running again. */
const MAY_HAVE_RUN = (action: string, what: string, whereToCheck: string) =>
	`The service did not confirm that it could ${action} (${what}); the call may have run: check ${whereToCheck} before running the node again`;

export const PROJECT_MAY_HAVE_RUN = (what: string) =>
	MAY_HAVE_RUN('create the project', what, "the organization's projects");

export const INVITE_MAY_HAVE_RUN = (what: string) =>
	MAY_HAVE_RUN('create the invite', what, "the project's pending invites");

export const RESEND_MAY_HAVE_RUN = (what: string) =>
	MAY_HAVE_RUN(
		'resend the invite',
		what,
		"the invitee's inbox (or the invite's e-mail status in Invite → Get Many)",
	);

export const AGENT_RUN_MAY_HAVE_RUN = (what: string) =>
	MAY_HAVE_RUN('start the agent run', what, "the agent's conversations in the platform");

export const TOOL_RUN_MAY_HAVE_RUN = (what: string) =>
	MAY_HAVE_RUN('run the tool', what, "the tool's run history in the platform");

/** Change Role: the old invite is gone and the new one's fate is open. */
export const REPLACEMENT_MAY_HAVE_RUN = (oldCode: string, what: string) =>
	`Invite ${oldCode} was deleted; the service did not confirm that it could create the replacement invite (${what}); the call may have run: check the project's pending invites before running the node again`;

/** The description of a may-have-run error. */
export const RUN_AGAIN_TWICE = (action: string, whereToCheck: string) =>
	`Running the node again as it is could ${action} twice. Look at ${whereToCheck} first; run the item again only if nothing was created.`;

// ---- Change Role's create refused after its delete

export const REPLACEMENT_REFUSED =
	'Invite inv-old was deleted, but the new invite for ana@example.com could not be created: The service refused to create the replacement invite: Email domain not allowed';

export const REPLACEMENT_REFUSED_FIX =
	'The old invite code no longer works and ana@example.com has no invite now. Create one with Invite → Create (roles: role:viewer). Correct the fields the service names and run the node again. (request ID req-9)';

// ---- Retries

export const REMOVED_BY_EARLIER_ATTEMPT_NOTE = (userId: string) =>
	`An earlier attempt got no clear answer; asked again, the service no longer knew ${userId} as a member of the project: the user is removed, most likely by that attempt.`;

export const REMOVE_USER_UNREACHABLE =
	'Could not reach the service to remove the user from the project: the connection closed before an answer came (5 attempts); check the region or base URL in the credential, or run the node again later';

// ---- Agent runs

export const AGENT_STILL_RUNNING_FIX = (conversation: string) =>
	`Read its reply later with Agent → Get Reply (agent agt-research, conversation ${conversation}), or raise Time Limit in the options. Running this item again would start a second run.`;

// ---- As an AI agent's tool: what the model is told to do

const RETRY_IN = (serviceMessage: string, wait: string) =>
	`The service refused to create the invite: ${serviceMessage}. Retry: call this tool again with the same arguments in ${wait}; if it fails again, stop and tell the user.`;

export const TOOL_RATE_LIMITED_OWN_WAIT = RETRY_IN(
	'Rate limit exceeded',
	"20 seconds (the service's own wait)",
);
export const TOOL_RATE_LIMITED = RETRY_IN('Rate limit exceeded', '60 seconds');
export const TOOL_UNAVAILABLE = RETRY_IN('Service unavailable', '60 seconds');

export const TOOL_INVITE_MAY_HAVE_RUN = `${INVITE_MAY_HAVE_RUN('HTTP 502')}. Do not retry: stop and tell the user that the call may have run, so repeating it could do it twice. What the user can do: ${RUN_AGAIN_TWICE('create the invite', "the project's pending invites")}`;

export const TOOL_NEEDS_ADMIN = `The service refused to create the invite: Forbidden: admin role required (this needs an API key with the Admin role on ${CREDENTIAL_PROJECT}). Do not retry: stop and tell the user that the API key lacks the role or permission this needs. What the user can do: This operation needs an API key with the Admin role on ${CREDENTIAL_PROJECT}. Create the key as an Admin under Integrations & API Keys, or ask an Admin to run it.`;

export const TOOL_NOT_A_ROLE =
	"'Owner' in the argument 'roles' is not a choice of Roles: use Admin, Editor (role:editor), Viewer (role:viewer) (several separated by commas). Change the argument 'roles' and call this tool again.";
