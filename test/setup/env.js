// n8n-core writes its instance settings under N8N_USER_FOLDER: keep them out of the real home.
const path = require('node:path');

process.env.N8N_USER_FOLDER = path.resolve(__dirname, '../../.cache/jest-n8n');
process.env.N8N_LOG_LEVEL = 'silent';
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
