import type { payslipAbilities } from '@bottega/contracts/payslips';
import {
  IconArchive,
  IconCertificate2,
  IconChecklist,
  IconCloudUpload,
  IconFileCertificate,
  IconFileDollar,
  IconFilesOff,
  IconListSearch,
  IconUserX,
  IconWallet,
} from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// The contract's abilities, written out and checked against payslipAbilities by the compiler: importing the
// contract's values here would make the menu (loaded with every signed-in page) fetch the payslip schemas too.
type Abilities = typeof payslipAbilities;
const payslip = {
  upload: 'employees.payslips.upload',
  logs: 'employees.payslips.logs',
  logsDetail: 'employees.payslips.logsDetail',
  convalidate: 'employees.payslips.convalidate',
  archive: 'employees.payslips.archive',
  delete: 'employees.payslips.delete',
  download: 'employees.payslips.archive',
  own: 'employees.payslips.downloadOwn',
  sendEmail: 'employees.payslips.sendEmail',
} as const satisfies Abilities['payslip'];
const taxCertificate = {
  upload: 'taxCertificates.upload',
  logs: 'taxCertificates.upload',
  logsDetail: 'taxCertificates.upload',
  convalidate: 'taxCertificates.upload',
  archive: 'taxCertificates.list',
  delete: 'taxCertificates.upload',
  download: 'taxCertificates.list',
  own: 'taxCertificates.view',
  sendEmail: 'taxCertificates.upload',
} as const satisfies Abilities['taxCertificate'];

// Spec §2: Management › payslips, Accountancy › payslips/upload, tax/upload, tax/list, User › user/payslips and
// user/tax-certificates. Each screen serves both kinds where the flow is the same; the kind is the export's.
export const payslipsRoutes: AppRoute[] = [
  {
    path: 'payslips/convalidate',
    ability: payslip.convalidate,
    load: () => import('./pages/convalidate-page'),
    menu: { section: 'management', label: 'payslips:menu.convalidate', icon: IconChecklist },
  },
  {
    path: 'payslips/archive',
    ability: payslip.archive,
    load: () => import('./pages/archive-page').then((module) => ({ default: module.PayslipArchivePage })),
    menu: { section: 'management', label: 'payslips:menu.archive', icon: IconArchive },
  },
  {
    path: 'payslips/delete',
    ability: payslip.delete,
    load: () => import('./pages/delete-page'),
    menu: { section: 'management', label: 'payslips:menu.delete', icon: IconFilesOff },
  },
  {
    path: 'payslips/blacklist',
    ability: 'employees.payslips.blacklist.view',
    load: () => import('./pages/blacklist-page'),
    menu: { section: 'management', label: 'payslips:menu.blacklist', icon: IconUserX },
  },
  {
    path: 'payslips/upload-logs',
    ability: payslip.logs,
    load: () => import('./pages/upload-logs-page'),
    menu: { section: 'management', label: 'payslips:menu.uploadLogs', icon: IconListSearch },
  },
  {
    path: 'payslips/upload-logs/:log/items',
    title: 'payslips:pageTitle.items',
    ability: payslip.logsDetail,
    load: () => import('./pages/upload-items-page').then((module) => ({ default: module.PayslipItemsPage })),
  },
  {
    path: 'payslips/upload',
    ability: payslip.upload,
    load: () => import('./pages/upload-page').then((module) => ({ default: module.PayslipUploadPage })),
    menu: { section: 'accountancy', label: 'payslips:menu.upload', icon: IconCloudUpload },
  },
  {
    // First of the tax screens: the review of an upload (tax/upload-logs/…) belongs to it in the menu.
    path: 'tax/upload',
    ability: taxCertificate.upload,
    load: () => import('./pages/upload-page').then((module) => ({ default: module.TaxCertificateUploadPage })),
    menu: { section: 'accountancy', label: 'payslips:menu.taxUpload', icon: IconFileCertificate },
  },
  {
    path: 'tax/list',
    ability: taxCertificate.archive,
    load: () => import('./pages/archive-page').then((module) => ({ default: module.TaxCertificateArchivePage })),
    menu: { section: 'accountancy', label: 'payslips:menu.taxList', icon: IconCertificate2 },
  },
  {
    path: 'tax/upload-logs/:log/items',
    title: 'payslips:pageTitle.taxItems',
    ability: taxCertificate.logsDetail,
    load: () => import('./pages/upload-items-page').then((module) => ({ default: module.TaxCertificateItemsPage })),
  },
];

/** The person's own (User section, after the profile): former employees too, so these need no shop chosen. */
export const ownPayslipsRoutes: AppRoute[] = [
  {
    path: 'user/payslips',
    ability: payslip.own,
    load: () => import('./pages/own-payslips-page').then((module) => ({ default: module.OwnPayslipsPage })),
    menu: { section: 'user', label: 'payslips:menu.own', icon: IconWallet },
  },
  {
    path: 'user/tax-certificates',
    ability: taxCertificate.own,
    load: () => import('./pages/own-payslips-page').then((module) => ({ default: module.OwnTaxCertificatesPage })),
    menu: { section: 'user', label: 'payslips:menu.ownTax', icon: IconFileDollar },
  },
];
