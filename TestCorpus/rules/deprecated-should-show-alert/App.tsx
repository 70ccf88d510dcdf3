import { StatusBar } from 'expo-status-bar';
import React, { useEffect, useState } from 'react';
import { FlatList, StyleSheet, Text, View } from 'react-native';
import * as Notifications from 'expo-notifications';

// Show notifications even while the app is in the foreground.
Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowAlert: true, // expect: deprecated-should-show-alert
    shouldPlaySound: true,
    shouldSetBadge: false,
  }),
});

type Received = { id: string; title: string };

export default function App() {
  const [received, setReceived] = useState<Received[]>([]);

  useEffect(() => {
    const subscription = Notifications.addNotificationReceivedListener((notification) => {
      const { identifier, content } = notification.request;
      setReceived((items) => [{ id: identifier, title: content.title ?? 'Untitled' }, ...items]);
    });
    return () => subscription.remove();
  }, []);

  return (
    <View style={styles.container}>
      <Text style={styles.heading}>Recent notifications</Text>
      <FlatList
        data={received}
        keyExtractor={(item) => item.id}
        renderItem={({ item }) => <Text style={styles.item}>{item.title}</Text>}
        ListEmptyComponent={<Text style={styles.empty}>Nothing yet.</Text>}
      />
      <StatusBar style="auto" />
    </View>
  );
}

const styles = StyleSheet.create({
  container: { flex: 1, paddingTop: 64, paddingHorizontal: 20, backgroundColor: '#fff' },
  heading: { fontSize: 22, fontWeight: '700', marginBottom: 12 },
  item: { fontSize: 16, paddingVertical: 8 },
  empty: { color: '#888' },
});
