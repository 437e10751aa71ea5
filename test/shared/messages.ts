/**
 * The shared modules' long expected texts (150 characters or more), declared once and named for
 * what they say, so a test body reads as what it checks. Texts that vary with a value are
 * functions of that value.
 */

// Choice arguments (toolChoices.ts, router.ts)

/** An unknown value `zz-not-a-choice` of argument `arg`, refused by the field's allowed values. */
export const unknownChoiceRefused = (field: string, allowed: string, several: boolean) =>
	several
		? `refused: 'zz-not-a-choice' in the argument 'arg' is not a choice of ${field}: use ${allowed} (several separated by commas)`
		: `refused: 'zz-not-a-choice' in the argument 'arg' is not a choice of ${field}: use one of ${allowed}`;

/** "Medium" is only part of the name "Medium (51-200)": refused, not read as no size. */
export const MEDIUM_NOT_A_COMPANY_SIZE =
	"refused: 'Medium' in the argument 'size' is not a choice of Company Size: use Large (201-1,000) (201-1000), Medium (51-200) (51-200), Micro (1-10) (1-10) (several separated by commas)";

/** The router's error to the model for "Medium", which is not one of the two sizes offered. */
export const MEDIUM_NOT_A_SIZE_CHANGE_ARGUMENT =
	"'Medium' in the argument 'size' is not a choice of Size: use Micro (1-10) (1-10), Large (201-1,000) (201-1000) (several separated by commas). Change the argument 'size' and call this tool again.";

// Tool decisions (toolDecision.ts)

/** A used-up quota that resets at a known time, with the user's fix. */
export const QUOTA_STOP_RESETS_AT =
	'Do not retry: stop and tell the user that the request quota of the service is used up. It resets at 2026-11-26T06:00Z; do not call this tool before then. What the user can do: Raise the plan.';

/** A used-up quota that resets in 2 minutes, with the default fix. */
export const QUOTA_STOP_RESETS_IN =
	'Do not retry: stop and tell the user that the request quota of the service is used up. It resets in 2 minutes; do not call this tool before then. What the user can do: check the node and its credential.';

/** What happened first, then the decision, then the user's fix. */
export const API_KEY_REFUSED_STOP =
	'The service did not accept the API key. Do not retry: stop and tell the user that the service refused the API key in the credential. What the user can do: Check the key in the credential.';

// API Call (apiCall.ts)

/** API Call refuses an endpoint that could leave the service's path. */
export const endpointDotSegmentRefused = (item: number) =>
	`Endpoint refused in item ${item}: The endpoint contains a dot segment ("." or "..", in any encoding), an empty segment or an encoded slash, which could leave the service path`;
