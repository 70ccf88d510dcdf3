// `abstract` is a contextual keyword: as a property, a binding or a parameter it is a plain name.
import * as Notifications from 'expo-notifications';

type Paper = { abstract: string; title: string };
interface Summary { abstract?: string }

export const summarise = ({ abstract }: Paper) => abstract.slice(0, 80);
export const withAbstract = (paper: Paper): Summary => ({ abstract: paper.abstract });
export function read(abstract: string) {
  return abstract.length;
}

export async function canNotify() {
  const { granted } = await Notifications.getPermissionsAsync();
  return granted; // expect: provisional-blind-check
}
