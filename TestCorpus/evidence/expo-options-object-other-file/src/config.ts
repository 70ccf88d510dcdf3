export const notificationRequestOptions = {
  ios: {
    allowAlert: true,
    allowSound: true,
    allowProvisional: true, // evidence-site
  },
};
