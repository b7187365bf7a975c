import { IconTargetArrow, IconThumbUp } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2: Shop › shop/manage/budget (every shop's month, each set from its page) and shop/manage/budget/convalidate
// (the shop's staff confirm what they were sent).
export const budgetsRoutes: AppRoute[] = [
  {
    path: 'shop/manage/budget',
    ability: 'shops.budget.manage',
    load: () => import('./pages/budgets-page'),
    menu: { section: 'shop', label: 'budgets:menu.manage', icon: IconTargetArrow },
  },
  {
    path: 'shop/manage/budget/convalidate',
    ability: 'employees.popups.budgetConvalidate',
    load: () => import('./pages/budget-confirm-page'),
    menu: { section: 'shop', label: 'budgets:menu.confirm', icon: IconThumbUp },
  },
  {
    path: 'shop/manage/budget/:shopId',
    ability: 'shops.budget.manage',
    load: () => import('./pages/budget-edit-page'),
    title: 'budgets:edit.title',
  },
];
