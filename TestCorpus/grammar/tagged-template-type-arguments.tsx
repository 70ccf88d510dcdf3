// A tagged template with type arguments, as styled-components writes props.
import * as Notifications from 'expo-notifications';
import styled from 'styled-components/native';
import { View } from 'react-native';

export const Card = styled(View)<{ hasShadow: boolean }>`
  padding: 12px;
  elevation: ${(props) => (props.hasShadow ? 4 : 0)};
`;
export const Row = styled.View<{ gap: number }>`
  gap: ${({ gap }) => gap}px;
`;

export async function canNotify() {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check
}
