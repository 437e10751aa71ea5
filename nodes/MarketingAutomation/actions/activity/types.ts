/**
 * Standard activity type ids of the service (the same in every instance; custom types get other
 * ids). The spec's `activities/emailbounced.json` and `activities/emailopened.json` do not exist:
 * bounces and opens are `GET /rest/v1/activities.json?activityTypeIds=…` with these ids.
 */
export const ACTIVITY = {
	visitWebpage: 1,
	fillOutForm: 2,
	emailBounced: 8,
	openEmail: 10,
	emailBouncedSoft: 27,
} as const;
