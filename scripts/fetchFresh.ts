/**
 * `fetch` on a new connection each time, for the tools that talk to a local n8n or simulator.
 * n8n, like any Node server, closes a connection after 5 s idle; a request sent on it at that
 * moment fails with "other side closed" before the server reads it. Under load a CI run hit this
 * on the first request of a test, after the one before had left the connection idle. A POST cannot
 * be retried blindly (it may start a run twice), so no connection is reused; on 127.0.0.1 a new
 * one costs well under a millisecond.
 */
export function fetchFresh(url: string, init: RequestInit = {}): Promise<Response> {
	const headers = new Headers(init.headers);
	headers.set('connection', 'close');
	return fetch(url, { ...init, headers });
}
