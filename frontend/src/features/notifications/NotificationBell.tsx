import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Intent, PopoverNext, Spinner } from '@blueprintjs/core';
import { CogIcon, NotificationsIcon } from '@blueprintjs/icons';
import type { NotificationAnswer } from '@allot/shared-events/browser';
import { AppTooltip } from '../../components/AppTooltip.js';
import { DATE_LOCALE } from '../../lib/constants.js';
import { problemOf } from '../../lib/errors/serverErrors.js';
import { notify } from '../../lib/notifications/notify.js';
import { useViewer } from '../../lib/auth/useViewer.js';
import { useMarkNotificationsReadMutation, useMyNotificationsQuery } from './notificationsApi.js';
import {
  NotificationSettingsDialog,
  mayChooseNotifications,
} from './NotificationSettingsDialog.js';
import './notifications.css';

const PAGE = 10;
const MOST = 50;
const when = (iso: string) =>
  new Date(iso).toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The bell in the top bar: how many notifications are unread, and in its panel the newest, each
 * leading to what it is about (opening one marks it read), "Mark all read" up to the newest shown
 * (one arriving meanwhile stays unread). Live: the socket's `notificationsChanged` refreshes it.
 * Someone viewing as another person sees their notifications but leaves them unread.
 */
export function NotificationBell() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [take, setTake] = useState(PAGE);
  const [open, setOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const query = useMyNotificationsQuery({ take }, { skip: !viewer.signedIn });
  const [mark, marking] = useMarkNotificationsReadMutation();
  if (!viewer.signedIn) return null;

  const unread = query.data?.unread ?? 0;
  const items = query.data?.items ?? [];
  const mayMark = !viewer.masquerading;

  async function markRead(body: { ids?: string[]; upTo?: string }) {
    const result = await mark(body);
    if ('error' in result) {
      void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
    }
  }

  function openOne(item: NotificationAnswer) {
    setOpen(false);
    if (!item.read && mayMark) void markRead({ ids: [item.id] });
    if (item.link) void navigate(item.link);
  }

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const panel = (
    <section className="allot-notifications" aria-label="Notifications">
      <header className="allot-notifications__header">
        <h2 className="bp6-heading">Notifications</h2>
        <span className="allot-notifications__actions">
          {mayMark && (
            <Button
              size="small"
              variant="minimal"
              text="Mark all read"
              disabled={unread === 0 || items.length === 0}
              loading={marking.isLoading}
              onClick={() => void markRead({ upTo: items[0]!.at })}
            />
          )}
          {mayChooseNotifications(viewer.ability) && (
            <Button
              size="small"
              variant="minimal"
              icon={<CogIcon />}
              aria-label="Notification settings"
              title="Notification settings"
              onClick={() => {
                setOpen(false);
                setSettingsOpen(true);
              }}
            />
          )}
        </span>
      </header>
      {!mayMark && (
        <p className="allot-notifications__note">
          You are viewing as {viewer.displayName}: their notifications stay unread for them.
        </p>
      )}
      {query.isLoading ? (
        <div className="allot-notifications__empty">
          <Spinner size={20} aria-label="Loading the notifications" />
        </div>
      ) : query.isError ? (
        <p className="allot-notifications__empty" role="alert">
          The notifications could not be loaded. Please try again in a moment.
        </p>
      ) : items.length === 0 ? (
        <p className="allot-notifications__empty">
          Nothing yet. Allot tells you here when something of yours needs you — a change to your
          teaching, or a scheduled import of yours that fails.
        </p>
      ) : (
        <ul className="allot-notifications__list">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={`allot-notifications__item${item.read ? '' : ' allot-notifications__item--unread'}`}
                onClick={() => openOne(item)}
              >
                <span className="allot-notifications__title">
                  {!item.read && (
                    <>
                      <span className="allot-notifications__dot" aria-hidden="true" />
                      <span className="allot-notifications__hidden">Unread: </span>
                    </>
                  )}
                  {item.title}
                </span>
                <span className="allot-notifications__text">{item.text}</span>
                <time className="allot-notifications__time" dateTime={item.at}>
                  {when(item.at)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      {query.data?.more && take < MOST && (
        <Button
          className="allot-notifications__more"
          variant="minimal"
          fill
          text="Show older"
          loading={query.isFetching}
          onClick={() => setTake((n) => Math.min(MOST, n + PAGE))}
        />
      )}
    </section>
  );

  return (
    <>
      {settingsOpen && (
        <NotificationSettingsDialog
          masquerading={viewer.masquerading}
          onClose={() => setSettingsOpen(false)}
        />
      )}
      <PopoverNext
        content={panel}
        placement="bottom-end"
        isOpen={open}
        onInteraction={(next) => setOpen(next)}
      >
        <AppTooltip content="Notifications" placement="bottom" disabled={open}>
          <Button
            className="allot-topbar__button allot-notifications__bell"
            variant="minimal"
            icon={<NotificationsIcon />}
            aria-label={label}
            aria-expanded={open}
            aria-haspopup="dialog"
          >
            {unread > 0 && (
              <span className="allot-notifications__count" aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </Button>
        </AppTooltip>
      </PopoverNext>
    </>
  );
}
