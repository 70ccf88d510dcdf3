import { create } from 'zustand';
import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';

type PushState = { status: string | null; deliverable: boolean; refresh: () => Promise<void> };

function toStoredStatus(settings: Notifications.NotificationPermissionsStatus): string {
  const ios = settings.ios?.status;
  if (ios === IosAuthorizationStatus.PROVISIONAL || ios === IosAuthorizationStatus.EPHEMERAL) return 'granted';
  return settings.status;
}

// `status` holds a provisional-aware word and `deliverable` a provisional-aware boolean: the
// readers below compare the app's own values, not a root status.
export const usePushStore = create<PushState>((set) => ({
  status: null,
  deliverable: false,
  refresh: async () => {
    const settings = await Notifications.getPermissionsAsync();
    const mapped = toStoredStatus(settings);
    set({
      status: mapped,
      deliverable:
        settings.granted ||
        settings.ios?.status === IosAuthorizationStatus.PROVISIONAL ||
        settings.ios?.status === IosAuthorizationStatus.EPHEMERAL,
    });
  },
}));

export function shouldRegisterToken(): boolean {
  return usePushStore.getState().status === 'granted';
}

export function shouldShowPrePrompt(): boolean {
  return !usePushStore.getState().deliverable;
}
