/**
 * Lookalike seeds: the kinds each collection takes, where each kind goes in the request's
 * grouped `seeds`, and reading one seed (checked the way the lookups check the same values).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Checked } from '../../enrichment/validation';
import {
	checkDomain,
	checkEmail,
	checkProfileUrl,
	normalizeName,
} from '../../enrichment/validation';
import { listOf } from '../../shared/descriptions';
import { echo } from '../../shared/echo';
import type { EntityKind } from '../transport/signals';

export type SeedType = 'email' | 'linkedinUrl' | 'id' | 'name' | 'domain';
/** Seeds of several kinds in one request, one field per kind (the service takes them together). */
export const MIXED = 'mixed';

/** The kinds of seed each collection takes, as the Seed Type options list them. */
export const SEED_TYPES: Record<
	EntityKind,
	Array<{ name: string; value: SeedType; description: string }>
> = {
	contact: [
		{ name: 'Email', value: 'email', description: 'Work or personal email addresses' },
		{ name: 'ID', value: 'id', description: "The service's contact IDs" },
		{
			name: 'Name and Company',
			value: 'name',
			description: 'One "First Last, Company" per line',
		},
		{ name: 'Network Profile URL', value: 'linkedinUrl', description: 'Profile URLs' },
	],
	company: [
		{ name: 'Domain', value: 'domain', description: 'Company domains such as example.com' },
		{ name: 'Network Profile URL', value: 'linkedinUrl', description: 'Company page URLs' },
	],
};

/** The field of each kind when the Seed Type is Several Kinds. */
export const MIXED_SEED_FIELDS: Record<
	SeedType,
	{ displayName: string; name: string; placeholder: Record<EntityKind, string> }
> = {
	email: {
		displayName: 'Seed Emails',
		name: 'seedEmails',
		placeholder: { contact: 'e.g. cara@example.com, dev@example.net', company: '' },
	},
	id: {
		displayName: 'Seed IDs',
		name: 'seedIds',
		placeholder: { contact: 'e.g. p-3101, p-3102', company: '' },
	},
	name: {
		displayName: 'Seed Names and Companies',
		name: 'seedNames',
		placeholder: { contact: 'e.g. Ana Silva, Example Inc', company: '' },
	},
	linkedinUrl: {
		displayName: 'Seed Network Profile URLs',
		name: 'seedLinkedinUrls',
		placeholder: {
			contact: 'e.g. https://www.linkedin.com/in/cara-jones',
			company: 'e.g. https://www.linkedin.com/company/example',
		},
	},
	domain: {
		displayName: 'Seed Domains',
		name: 'seedDomains',
		placeholder: { contact: '', company: 'e.g. example.net, example.io' },
	},
};

/** The list of `seeds` each seed type goes in: the service takes seeds grouped by kind. */
export const SEED_LISTS: Record<SeedType, string> = {
	email: 'emails',
	linkedinUrl: 'linkedinUrls',
	id: 'ids',
	name: 'contacts',
	domain: 'domains',
};

/** The seeds as given: a list, or text split by lines (names) or by commas and lines. */
export function seedTexts(raw: unknown, byLine: boolean): unknown[] {
	if (Array.isArray(raw)) return raw;
	const text = String(raw ?? '');
	return byLine
		? text
				.split(/\r?\n/)
				.map((line) => line.trim())
				.filter(Boolean)
		: listOf(text.replace(/\r?\n/g, ','));
}

/** One seed as its list in `seeds` holds it, or why it is refused. */
export function seedOf(
	kind: EntityKind,
	type: SeedType,
	raw: unknown,
): string | IDataObject | { refused: string } {
	const fromChecked = (checked: Checked) => ('refused' in checked ? checked : checked.value);
	if (type === 'name') {
		const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as IDataObject;
		const [name, company] =
			typeof raw === 'string'
				? [raw.slice(0, raw.indexOf(',')), raw.slice(raw.indexOf(',') + 1)]
				: [
						`${String(entry.firstName ?? '')} ${String(entry.lastName ?? '')}`,
						String(entry.companyName ?? entry.company ?? ''),
					];
		const parts = normalizeName(typeof raw === 'string' && !raw.includes(',') ? '' : name).split(
			' ',
		);
		const companyName = normalizeName(company);
		if (parts.length < 2 || !parts[0] || !companyName) {
			return {
				refused: `"${echo(String(typeof raw === 'string' ? raw : JSON.stringify(raw)))}" is not "First Last, Company"`,
			};
		}
		return { firstName: parts[0], lastName: parts.slice(1).join(' '), companyName };
	}
	const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
	if (!text)
		return {
			refused: `${echo(JSON.stringify(raw) ?? '')} is not a ${type === 'id' ? 'ID' : type}`,
		};
	if (type === 'email') return fromChecked(checkEmail(text));
	if (type === 'domain') return fromChecked(checkDomain(text));
	if (type === 'linkedinUrl') {
		return fromChecked(checkProfileUrl(text, kind === 'contact' ? 'person' : 'company'));
	}
	return /[\s,]/.test(text) ? { refused: `"${echo(text)}" is not one ID` } : text;
}
