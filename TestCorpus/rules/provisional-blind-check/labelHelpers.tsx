import * as Notifications from 'expo-notifications';
import { Alert, Linking, Platform, Text } from 'react-native';
import { useTranslation } from 'react-i18next';

import { showToast } from '../ui/toast';

// A helper that only picks a text: what it returns is a label, like a string literal.
function settingsMessage(platform: string): string {
  if (platform === 'ios') {
    return 'Open Settings › Notifications to turn them on';
  }
  return `Open the app's settings on ${platform} to turn them on`;
}

const shortHint = () => 'Tap to change';

export async function showPushState(): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  showToast({ message: granted ? 'Notifications are on' : settingsMessage(Platform.OS) });
  Alert.alert('Notifications', granted ? 'They are on' : shortHint());
}

export function PushRow({ granted }: { granted: boolean }) {
  return <Text>{granted ? 'On' : settingsMessage(Platform.OS)}</Text>;
}

export function PushCaption() {
  const { t } = useTranslation();
  const [permission] = Notifications.usePermissions();
  return (
    <Text accessibilityLabel={permission?.granted ? t('push.on') : t('push.off')}>
      {permission?.status === 'granted' ? t('push.on') : settingsMessage(Platform.OS)}
    </Text>
  );
}

// Not labels: a helper that returns something else, or does something, picks a behaviour.
function fallbackChannel(): number {
  return 2;
}

function openSettingsMessage(): string {
  void Linking.openSettings();
  return 'Opening Settings';
}

export async function pickChannel(): Promise<number | string> {
  const { granted } = await Notifications.getPermissionsAsync();
  const channel = granted ? 'push' : fallbackChannel(); // expect: provisional-blind-check
  return channel;
}

export async function showPushStateAndAsk(): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  showToast({ message: status === 'granted' ? 'Notifications are on' : openSettingsMessage() }); // expect: provisional-blind-check
}

// A property that is not a text: the word decides where messages go.
export async function deliveryPreference(save: (preference: { channel: string }) => void): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  save({ channel: granted ? 'push' : settingsMessage(Platform.OS) }); // expect: provisional-blind-check
}
