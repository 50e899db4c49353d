// `npm run audit`: fails on high or critical advisories in what production installs
// (`npm audit --omit=dev --audit-level=high`). npm answers exit code 1 both for "vulnerabilities
// found" and for "could not ask the registry", so the JSON answer tells the two apart: a registry
// that does not serve the advisory database must not read as a clean audit.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  shell: process.platform === 'win32',
});
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? report?.error?.summary ?? run.stderr.trim().split('\n').pop() ?? 'no answer';
  console.error(`npm audit could not run: the registry did not answer the advisory request (${reason}).`);
  console.error('The audit was NOT performed. Run `npm run audit` where the public npm registry is reachable.');
  process.exit(2);
}

const summary = ['critical', 'high', 'moderate', 'low', 'info']
  .map((level) => `${counts[level] ?? 0} ${level}`)
  .join(', ');
console.log(`npm audit (production dependencies): ${summary}`);
const failing = Object.entries(report.vulnerabilities ?? {}).filter(
  ([, v]) => v.severity === 'high' || v.severity === 'critical',
);
for (const [name, v] of failing) {
  const fix =
    v.fixAvailable === true
      ? 'fix available'
      : v.fixAvailable
        ? `fix: ${v.fixAvailable.name}@${v.fixAvailable.version}`
        : 'no fix yet';
  console.error(`  ${v.severity}: ${name} ${v.range} (${fix})`);
}
if (failing.length > 0) {
  console.error('High or critical advisories: pin patched versions, or explain each in SECURITY.md.');
  process.exit(1);
}
