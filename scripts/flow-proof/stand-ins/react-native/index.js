'use strict';
// Stand-in of react-native: Platform as the run's device, Alert.alert recorded, the rest inert.
const rt = globalThis.__flowProof;
const { withFallback } = require('__flow-proof-any');

const Platform = {
  get OS() {
    return rt.platform();
  },
  get Version() {
    return rt.platform() === 'ios' ? '17.0' : 33;
  },
  isPad: false,
  isTV: false,
  select(spec) {
    const os = rt.platform();
    if (spec && os in spec) return spec[os];
    if (spec && 'native' in spec) return spec.native;
    return spec ? spec.default : undefined;
  },
};

const Alert = {
  alert() {
    rt.alert();
  },
  prompt() {},
};

const subscription = () => ({ remove() {} });

module.exports = withFallback('react-native', {
  Platform,
  Alert,
  Linking: {
    openSettings: () => Promise.resolve(),
    openURL: () => Promise.resolve(),
    canOpenURL: () => Promise.resolve(true),
    getInitialURL: () => Promise.resolve(null),
    addEventListener: subscription,
  },
  AppState: { currentState: 'active', addEventListener: subscription },
  StyleSheet: { create: (styles) => styles, flatten: (style) => style, hairlineWidth: 1 },
  InteractionManager: {
    runAfterInteractions(task) {
      const id = globalThis.setTimeout(() => (typeof task === 'function' ? task() : undefined), 0);
      return { cancel: () => globalThis.clearTimeout(id), then: undefined };
    },
  },
  Dimensions: { get: () => ({ width: 390, height: 844, scale: 3, fontScale: 1 }), addEventListener: subscription },
  NativeModules: {},
});
