// EXPECT: nothing per spec? (granted passed as call arg to storage is not a decision) -- record only
import AsyncStorage from '@react-native-async-storage/async-storage';
import * as Notifications from 'expo-notifications';

export async function persist() {
  const { granted } = await Notifications.getPermissionsAsync();
  await AsyncStorage.setItem('push-enabled', JSON.stringify(granted));
}
