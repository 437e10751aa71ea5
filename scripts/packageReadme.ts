/**
 * The README of a single-service package, in the n8n node template's sections (Installation,
 * Operations, Credentials, Compatibility, Usage, Resources, Version history), cut from the pack's
 * README so the two never disagree: the service's own "Operations" subsections, its row of the
 * credentials table, the compatibility table. Links into the repository become absolute, since the
 * package does not ship docs/.
 */
import type { ServicePackage } from './servicePackages';

export interface ReadmeExample {
	/** Path inside the package, e.g. `examples/marketing-demo.json`. */
	file: string;
	/** The workflow's name. */
	name: string;
}

/** The body of the markdown section `heading` (its `#` level included), up to the next of its level or higher. */
export function sectionOf(markdown: string, heading: string): string {
	const level = /^#+/.exec(heading)![0].length;
	const lines = markdown.split('\n');
	const start = lines.findIndex((line) => line.trim() === heading);
	if (start < 0) throw new Error(`The pack README has no section "${heading}"`);
	let end = start + 1;
	while (end < lines.length) {
		const match = /^(#+) /.exec(lines[end]);
		if (match && match[1].length <= level) break;
		end++;
	}
	return lines
		.slice(start + 1, end)
		.join('\n')
		.trim();
}

/** Relative links (`](docs/x.md)`) as links into the repository on its default branch. */
export function absoluteLinks(markdown: string, repositoryUrl: string): string {
	return markdown.replace(
		/\]\((?!https?:|#|mailto:)([^)]+)\)/g,
		(_all, target: string) => `](${repositoryUrl}/blob/main/${target})`,
	);
}

/** The credentials table's header and the rows that name `credentialTitle`. */
function credentialRows(credentials: string, credentialTitle: string): string {
	const rows = credentials.split('\n').filter((line) => line.startsWith('|'));
	return [
		rows[0],
		rows[1],
		...rows.slice(2).filter((row) => row.includes(`**${credentialTitle}**`)),
	]
		.join('\n')
		.trim();
}

export function packageReadme(options: {
	pkg: ServicePackage;
	packReadme: string;
	packName: string;
	repositoryUrl: string;
	credentialTitle: string;
	examples: ReadmeExample[];
}): string {
	const { pkg, packReadme, packName, repositoryUrl, credentialTitle, examples } = options;
	const link = (markdown: string) => absoluteLinks(markdown, repositoryUrl);
	const operations = pkg.operationSections
		.map((title) => `### ${title}\n\n${sectionOf(packReadme, `### ${title}`)}`)
		.join('\n\n');
	const compatibility = sectionOf(packReadme, '## Compatibility')
		.split('\n')
		.filter((line) => line.startsWith('|'))
		.join('\n');
	const exampleList =
		examples.length > 0
			? examples.map((example) => `- [\`${example.file}\`](${example.file}): ${example.name}`)
			: [
					`- The repository's [example workflows](${repositoryUrl}/tree/main/examples) combine this node with the other services' packages.`,
				];

	return `# ${pkg.name}

${pkg.description}

This is the **${pkg.title}** package of the [agent platform nodes](${repositoryUrl}): it holds
only this service's nodes and credential. The same repository builds one package per service and
the pack \`${packName}\` with all four; install either the pack or single-service packages, never
both ([Which package to install](${repositoryUrl}#which-package-to-install)).

- [Installation](#installation)
- [Operations](#operations)
- [Credentials](#credentials)
- [Compatibility](#compatibility)
- [Usage](#usage)
- [Resources](#resources)
- [Version history](#version-history)

## Installation

In n8n: **Settings → Community Nodes → Install**, enter \`${pkg.name}\`, and restart n8n
if it asks. See n8n's [community nodes installation guide](https://docs.n8n.io/integrations/community-nodes/installation/).
Until n8n lists the package as verified, n8n 3.0 installs it only with
\`N8N_UNVERIFIED_PACKAGES_ENABLED=true\` in n8n's environment
([n8n 3.0 and unverified packages](${repositoryUrl}#n8n-30-and-unverified-packages)).

In queue mode, install the same version on the main instance and on every worker. The package has
no runtime dependencies.

## Operations

${link(operations)}

## Credentials

${link(credentialRows(sectionOf(packReadme, '## Credentials'), credentialTitle))}

The credential's **Test** makes one cheap call and spends no credit. Details:
[Credentials](${repositoryUrl}/blob/main/docs/credentials.md).

## Compatibility

${compatibility}

## Usage

Example workflows (in n8n: **Workflows → Import from File**; each has notes on what it shows and
what to set up first):

${exampleList.join('\n')}

## Resources

${pkg.docs.map((doc) => `- [${doc.title}](${repositoryUrl}/blob/main/${doc.file})`).join('\n')}
- [Using the nodes with AI agents](${repositoryUrl}/blob/main/docs/ai-agents.md)
- [n8n community nodes documentation](https://docs.n8n.io/integrations/#community-nodes)
- [Issues](${repositoryUrl}/issues)

## Version history

Released together with the pack, at the same version: see the
[CHANGELOG](${repositoryUrl}/blob/main/CHANGELOG.md).

## License

MIT, see [LICENSE.md](LICENSE.md).
`;
}
