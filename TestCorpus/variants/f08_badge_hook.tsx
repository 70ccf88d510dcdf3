// EXPECT: BADGE in usePermissions options from named alias import
import { usePermissions as useNotifPerms } from 'expo-notifications';

export function Onboarding() {
  const [perm, ask] = useNotifPerms({ ios: { allowProvisional: true, allowBadge: true, allowAlert: true } }); // expect: badge-in-provisional-request
  return null;
}
