/**
 * Stands in for `@langchain/core/tools` in the in-process tests. n8n-core loads it only to wrap a
 * node as a tool for an AI Agent node and to tell tools from toolkits; loading it pulls in ~250
 * modules (LangChain and LangSmith), a third of n8n-core's load time, in every test file. No
 * in-process test connects a node to an agent (the nodes run as tools on the main connection, with
 * the item n8n builds for a tool call); the end-to-end tests run n8n with the real module. Using
 * one of these classes fails the test, with the reason.
 */
const refuse = (name) =>
	class {
		constructor() {
			throw new Error(
				`@langchain/core/tools is not loaded in the in-process tests (test/setup/langchainTools.js): ` +
					`${name} needs the real module; test this in an end-to-end test`,
			);
		}
	};

module.exports = {
	BaseToolkit: refuse('BaseToolkit'),
	DynamicStructuredTool: refuse('DynamicStructuredTool'),
	DynamicTool: refuse('DynamicTool'),
	StructuredTool: refuse('StructuredTool'),
	Tool: refuse('Tool'),
};
