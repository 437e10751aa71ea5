import { defineResource } from '../../../shared/operation';
import { operation as getStatistics } from './getStatistics.operation';

export const landingPage = defineResource('landingPage', [getStatistics], {
	default: 'getStatistics',
});
