import React from 'react';
import {
  AppState,
  AppStateStatus,
  NativeEventSubscription,
  StyleSheet,
  Switch,
  Text,
  View,
} from 'react-native';
import * as Notifications from 'expo-notifications';

type State = {
  enabled: boolean;
  loading: boolean;
};

export default class NotificationSettingsScreen extends React.Component<object, State> {
  state: State = { enabled: false, loading: true };

  private appStateSubscription?: NativeEventSubscription;

  componentDidMount() {
    void this.loadPermission();
    this.appStateSubscription = AppState.addEventListener('change', this.handleAppStateChange);
  }

  componentWillUnmount() {
    this.appStateSubscription?.remove();
  }

  handleAppStateChange = (nextState: AppStateStatus) => {
    if (nextState === 'active') {
      void this.loadPermission();
    }
  };

  loadPermission = async () => {
    const settings = await Notifications.getPermissionsAsync();
    this.setState({ enabled: settings.granted, loading: false }); // expect: provisional-blind-check
  };

  handleToggle = async (value: boolean) => {
    if (!value) {
      this.setState({ enabled: false });
      return;
    }
    this.setState({ loading: true });
    const settings = await Notifications.requestPermissionsAsync({
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    this.setState({ enabled: settings.granted, loading: false }); // expect: provisional-blind-check
  };

  render() {
    const { enabled, loading } = this.state;
    return (
      <View style={styles.container}>
        <Text style={styles.title}>Notifications</Text>
        <View style={styles.row}>
          <Text>Order updates</Text>
          <Switch value={enabled} disabled={loading} onValueChange={this.handleToggle} />
        </View>
      </View>
    );
  }
}

const styles = StyleSheet.create({
  container: { flex: 1, padding: 20 },
  title: { fontSize: 22, fontWeight: '600', marginBottom: 16 },
  row: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center' },
});
