import * as Notifications from 'expo-notifications';
import type { NotificationPermissionsRequest } from 'expo-notifications';

const FULL = { ios: { allowAlert: true, allowSound: true, allowProvisional: false } };
const QUIET_START = false;

// An explicit full request: the rule is about provisional ones.
export const askFully = () => Notifications.requestPermissionsAsync(FULL);

// `allowProvisional` set from a constant that is false.
export const askWithConstant = () =>
  Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: QUIET_START } });

// No `allowProvisional` at all: missing-allow-provisional's finding, not this rule's.
export const askWithoutKey = () => Notifications.requestPermissionsAsync({ ios: { allowAlert: true } }); // expect: missing-allow-provisional
export const askWithoutOptions = () => Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional

// Options from the caller, or a spread that may override the key, cannot be seen: no finding when in doubt.
export const askWith = (options: NotificationPermissionsRequest) => Notifications.requestPermissionsAsync(options);
export const askWithOverrides = (overrides: NotificationPermissionsRequest['ios']) =>
  Notifications.requestPermissionsAsync({ ios: { allowProvisional: true, ...overrides } });

// A spread before the key cannot undo it: this request is provisional.
export const askWithDefaults = (defaults: NotificationPermissionsRequest['ios']) =>
  Notifications.requestPermissionsAsync({ ios: { ...defaults, allowProvisional: true } }); // expect: unguarded-provisional-request

// A flag that can be true is reported.
export const askWithFlag = (quiet: boolean) =>
  Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: quiet } }); // expect: unguarded-provisional-request
