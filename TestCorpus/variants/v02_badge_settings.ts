// EXPECT: none (two different expressions); BADGE on line 9 (literal true + expression)
import * as Notifications from 'expo-notifications';

export const ask = (s: { badges: boolean; quiet: boolean }, hasAsked: boolean) => {
  Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowBadge: s.badges, allowProvisional: s.quiet },
  });
  return Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowBadge: true, allowProvisional: !hasAsked }, // expect: badge-in-provisional-request
  });
};
