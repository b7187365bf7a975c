import {
  type LogisticsFileKind,
  logisticsAbility,
  logisticsFileKinds,
  logisticsFileSlugs,
} from '@bottega/contracts/logistics';
import {
  type Icon,
  IconArrowBackUp,
  IconBuildingWarehouse,
  IconListNumbers,
  IconPackageExport,
  IconPackageImport,
  IconPlus,
  IconTruckDelivery,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

const listIcons: Record<LogisticsFileKind, Icon> = {
  inFile: IconPackageImport,
  pickingFile: IconTruckDelivery,
  companyPickingFile: IconBuildingWarehouse,
  outFile: IconPackageExport,
  shopOutFile: IconArrowBackUp,
};

/**
 * Spec §2 Logistics: each kind's list, create and {id}/edit, one set of pages that reads its kind from the address.
 * A shop-out file has list and create only (§2); its list opens a file at shop-out-files/{id}, read-only with the
 * actions its state allows. The files' editor is the same page for creating, editing and viewing.
 */
function fileRoutes(kind: LogisticsFileKind): AppRoute[] {
  const slug = logisticsFileSlugs[kind];
  const open: AppRoute =
    kind === 'shopOutFile'
      ? {
          path: `${slug}/:fileId`,
          ability: logisticsAbility(kind, 'view'),
          load: () => import('./pages/logistics-file-page'),
          title: `logistics:kinds.${kind}.one`,
        }
      : {
          path: `${slug}/:fileId/edit`,
          ability: logisticsAbility(kind, 'view'),
          load: () => import('./pages/logistics-file-page'),
          title: `logistics:kinds.${kind}.one`,
        };
  return [
    {
      path: `${slug}/list`,
      ability: logisticsAbility(kind, 'view'),
      load: () => import('./pages/logistics-files-page'),
      menu: { section: 'logistics', label: `logistics:kinds.${kind}.list`, icon: listIcons[kind] },
    },
    {
      path: `${slug}/create`,
      ability: logisticsAbility(kind, 'add'),
      load: () => import('./pages/logistics-file-page'),
      menu: { section: 'logistics', label: `logistics:kinds.${kind}.create`, icon: IconPlus },
    },
    open,
  ];
}

export const logisticsRoutes: AppRoute[] = [
  ...logisticsFileKinds.flatMap(fileRoutes),
  {
    path: 'logistics/document-types',
    ability: 'logistics.documentTypesAndNumbers',
    load: () => import('./pages/document-types-page'),
    menu: { section: 'logistics', label: 'logistics:documentTypes.title', icon: IconListNumbers },
  },
  {
    path: 'logistics/parties',
    ability: ['logistics.documentTypesAndNumbers', ...logisticsFileKinds.map((kind) => logisticsAbility(kind, 'view'))],
    load: () => import('./pages/parties-page'),
    menu: { section: 'logistics', label: 'logistics:parties.title', icon: IconUsersGroup },
  },
];
