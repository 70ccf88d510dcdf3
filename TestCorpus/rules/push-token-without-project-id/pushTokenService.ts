// expect-project-note: channel-after-permission-request
import { getExpoPushTokenAsync } from 'expo-notifications';
import type { ExpoPushTokenOptions } from 'expo-notifications';
import Config from 'react-native-config';

const EAS_PROJECT_ID = '3f9c2a71-8d4e-4b6a-9f0e-5c7d1b2a8e64';

export const pushTokenService = {
  // Experience IDs belonged to the classic build service; a projectId is required now.
  legacy() {
    return getExpoPushTokenAsync({ experienceId: '@acme/courier' }); // expect: push-token-without-project-id
  },

  // The value was left empty "until we set up EAS".
  fromBlank() {
    return getExpoPushTokenAsync({ projectId: '' }); // expect: push-token-without-project-id
  },

  // Copied from a README and never filled in.
  fromReadme() {
    return getExpoPushTokenAsync({ projectId: 'Your Project ID' }); // expect: push-token-without-project-id
  },

  fromConstant() {
    return getExpoPushTokenAsync({ projectId: EAS_PROJECT_ID });
  },

  fromLiteral() {
    return getExpoPushTokenAsync({ projectId: 'a4b1c9d2-6e3f-4a70-8b15-2c9d7e0f1a36' });
  },

  fromEnv() {
    return getExpoPushTokenAsync({ projectId: Config.EAS_PROJECT_ID });
  },

  withOptions(options: ExpoPushTokenOptions) {
    return getExpoPushTokenAsync(options);
  },
};
