// `npm run bench:payslips`: a payroll consultant's file of 1,000 pages for 400 employees (two or three pages each) is
// read with pdf.js, split by codice fiscale and written as one PDF per employee with pdf-lib. Targets (issue 19):
// under 30 s, under 1 GB of resident memory, the outputs together at most 1.5 times the source's size.
import { performance } from 'node:perf_hooks';
import { extractPages, loadPdf, planSplit, readPages } from '../apps/server/src/modules/payslips/payslip-pdf';
import { generateConsultantFile, madeUpEmployees } from '../apps/server/src/modules/payslips/payslip-pdf.generator';

const employeeCount = Number(process.env.BENCH_PAYSLIP_EMPLOYEES ?? 400);
const targets = { seconds: 30, rssBytes: 1024 ** 3, sizeRatio: 1.5 };
const company = { name: 'Bottega Moda S.r.l.', vatNumber: '08712340150' };

// Half with three pages, half with two: 1,000 pages for 400 people.
const employees = madeUpEmployees(employeeCount).map((employee, index) => ({
  ...employee,
  pages: (index % 2 === 0 ? 3 : 2) as 2 | 3,
}));
const { pdf, owners } = await generateConsultantFile({ company, month: 'NOVEMBRE 2026', employees });

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const started = performance.now();
const readings = await readPages(pdf);
const read = performance.now();
const plan = planSplit(readings, { companyVatNumber: company.vatNumber });
const source = await loadPdf(pdf);
let outputBytes = 0;
for (const employee of plan.employees) outputBytes += (await extractPages(source, employee.pages)).length;
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const ratio = outputBytes / pdf.length;
console.log(
  `${owners.length} pages, ${plan.employees.length} employees: ${seconds.toFixed(1)} s in all ` +
    `(reading ${((read - started) / 1000).toFixed(1)} s, ${((read - started) / owners.length) | 0 || '<1'} ms a page), ` +
    `peak RSS ${(peakRss / 1024 ** 2).toFixed(0)} MB, source ${(pdf.length / 1024).toFixed(0)} kB, ` +
    `outputs ${(outputBytes / 1024).toFixed(0)} kB (${ratio.toFixed(2)}×) — targets < ${targets.seconds} s, < 1 GB, ≤ ${targets.sizeRatio}×`,
);
if (plan.employees.length !== employeeCount || plan.leftOut.length > 0) throw new Error('the split lost someone');
if (seconds >= targets.seconds || peakRss >= targets.rssBytes || ratio > targets.sizeRatio) process.exitCode = 1;
