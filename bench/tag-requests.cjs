// Preloaded into the bench's n8n processes (`NODE_OPTIONS=--require`): every HTTP request they
// send carries `x-bench-process: <BENCH_PROCESS>`, so the simulator can tell whose call it refused.
// Bench only; nothing the package ships sends this header.
const http = require('node:http');

const tag = process.env.BENCH_PROCESS;
if (tag) {
	const original = http.request;
	http.request = function taggedRequest(...args) {
		const request = original.apply(this, args);
		if (!request.headersSent) request.setHeader('x-bench-process', tag);
		return request;
	};
}
