import { IconCreditCard, IconHistory, IconTrophy, IconUser, IconUsersPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import classes from './bottom-nav.module.css';

const entries = [
  { path: '/card', key: 'card', Icon: IconCreditCard },
  { path: '/level', key: 'level', Icon: IconTrophy },
  { path: '/activity', key: 'activity', Icon: IconHistory },
  { path: '/invite', key: 'invite', Icon: IconUsersPlus },
  { path: '/profile', key: 'profile', Icon: IconUser },
] as const;

/** The signed-in screens, each with its icon and its name (the current one marked for screen readers too). */
export function BottomNav() {
  const { t } = useTranslation('club');
  return (
    <nav className={classes.bar} aria-label={t('nav.label')}>
      <ul className={classes.list}>
        {entries.map(({ path, key, Icon }) => (
          <li key={key} className={classes.item}>
            <NavLink to={path} className={classes.link} data-testid={`club-nav-${key}`}>
              <Icon size={24} aria-hidden />
              <span>{t(`nav.${key}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
