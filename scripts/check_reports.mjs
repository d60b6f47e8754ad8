// Helper of scripts/test-report-formats.sh (node, no dependencies of its own
// beyond the packages that script installs). Each mode prints one line per
// file and exits 1 when any file fails.
//
//   node check_reports.mjs schema NODE_MODULES SCHEMA FILE...
//       validates each JSON FILE against the JSON Schema (draft 2020-12) at
//       SCHEMA with ajv from NODE_MODULES.
//   node check_reports.mjs gitlab FILE...
//       what the Code Quality types cannot say: every fingerprint unique in
//       its report, every path relative, 1 <= begin <= end.
//   node check_reports.mjs multitool FILE...
//       reads the SARIF log that `Sarif.Multitool validate` wrote and fails
//       on any result of level error or warning.
//   node check_reports.mjs typescript FORMAT_TYPE REPORT OUT
//       writes OUT, a TypeScript module that assigns the JSON REPORT to a
//       constant of FORMAT_TYPE, for tsc to check.
//   node check_reports.mjs break FORMAT IN OUT
//       writes OUT, a copy of the report IN with one documented constraint
//       of FORMAT broken (the negative control: each validator must reject
//       it, or it would accept anything).
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';

const [mode, ...args] = process.argv.slice(2);
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
let failed = 0;
const report = (file, problems) => {
    if (problems.length === 0) {
        console.log(`ok: ${file}`);
    } else {
        failed += 1;
        console.log(`invalid: ${file}`);
        for (const problem of problems.slice(0, 10)) console.log(`    ${problem}`);
        if (problems.length > 10) console.log(`    … and ${problems.length - 10} more`);
    }
};

switch (mode) {
    case 'schema': {
        const [modules, schemaFile, ...files] = args;
        const require = createRequire(`${modules}/`);
        const Ajv2020 = require('ajv/dist/2020').default;
        const addFormats = require('ajv-formats').default;
        const ajv = new Ajv2020({ allErrors: true, strict: false });
        addFormats(ajv);
        const validate = ajv.compile(read(schemaFile));
        for (const file of files) {
            const valid = validate(read(file));
            report(file, valid ? [] : validate.errors.map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`));
        }
        break;
    }
    case 'gitlab': {
        for (const file of args) {
            const problems = [];
            const issues = read(file);
            if (!Array.isArray(issues)) problems.push('the report is not a JSON array');
            const seen = new Map();
            (Array.isArray(issues) ? issues : []).forEach((issue, i) => {
                const where = `[${i}] ${issue.check_name}`;
                if (seen.has(issue.fingerprint)) problems.push(`${where}: fingerprint ${issue.fingerprint} repeats [${seen.get(issue.fingerprint)}]`);
                seen.set(issue.fingerprint, i);
                const path = issue.location?.path ?? '';
                if (path === '' || path.startsWith('/') || /^[a-z]+:\/\//i.test(path)) problems.push(`${where}: path ${JSON.stringify(path)} is not relative`);
                const lines = issue.location?.lines;
                if (!lines || !(lines.begin >= 1) || (lines.end !== undefined && lines.end < lines.begin)) problems.push(`${where}: lines ${JSON.stringify(lines)}`);
            });
            report(file, problems);
        }
        break;
    }
    case 'multitool': {
        for (const file of args) {
            const problems = [];
            const log = read(file);
            for (const run of log.runs ?? []) {
                for (const result of run.results ?? []) {
                    if (result.level === 'error' || result.level === 'warning') {
                        const message = result.message?.text ?? JSON.stringify(result.message?.arguments);
                        problems.push(`${result.ruleId} ${result.level}: ${message}`);
                    }
                }
                for (const n of run.invocations?.flatMap((inv) => inv.toolExecutionNotifications ?? []) ?? []) {
                    if (n.level === 'error') problems.push(`tool error: ${n.message?.text}`);
                }
            }
            report(file, problems);
        }
        break;
    }
    case 'typescript': {
        const [type, input, output] = args;
        const text = readFileSync(input, 'utf8');
        read(input);
        writeFileSync(output, `import type { ${type} } from './types'\n\nexport const report: ${type}[] = ${text.trim()}\n`);
        console.log(`wrote ${output}`);
        break;
    }
    case 'break': {
        const [format, input, output] = args;
        const doc = read(input);
        if (format === 'sarif') doc.runs[0].results[0].level = 'fatal';
        else if (format === 'sarif-property') doc.runs[0].results[0].region = {};
        else if (format === 'gitlab') doc[0].severity = 'fatal';
        else if (format === 'gitlab-fingerprint') doc[1].fingerprint = doc[0].fingerprint;
        else if (format === 'rdjson') doc.diagnostics[0].severity = 'FATAL';
        else throw new Error(`no way to break ${format}`);
        writeFileSync(output, JSON.stringify(doc, null, 2));
        console.log(`wrote ${output}`);
        break;
    }
    default:
        console.error(`unknown mode ${mode}`);
        process.exit(2);
}
process.exit(failed === 0 ? 0 : 1);
