import { atom } from 'jotai';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import * as Notifications from 'expo-notifications';

export const notificationStatusAtom = atom<Notifications.PermissionStatus | null>(null);

// A derived atom that decides: every consumer of it drops provisional devices.
export const canNotifyAtom = atom((get) => get(notificationStatusAtom) === 'granted'); // expect: provisional-blind-check

export function useLoadNotificationStatus(): void {
  const setStatus = useSetAtom(notificationStatusAtom);
  useEffect(() => {
    let cancelled = false;
    Notifications.getPermissionsAsync().then((settings) => {
      if (!cancelled) setStatus(settings.status);
    });
    return () => {
      cancelled = true;
    };
  }, [setStatus]);
}
