// A bare `&` in JSX text is valid JSX (it is only an entity when a name and `;` follow), but the
// pinned grammar's scanner stopped at every `&` (tree-sitter-typescript issue #366).
import * as Notifications from 'expo-notifications';
import { Text, View } from 'react-native';
import { Trans } from 'react-i18next';

export function PrivacyScreen() {
  return (
    <View>
      <Text>Sharing & access</Text>
      <Trans>Text & tags</Trans>
      <Text>Terms &amp; conditions, &#169; and &#x00A9; stay entities</Text>
      <Text>R&D, Q & A, AT&T and a trailing &</Text>
      <Text>
        Notifications & sounds
      </Text>
    </View>
  );
}

export async function canNotify() {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check
}
