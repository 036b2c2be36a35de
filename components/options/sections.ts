import type { FunctionComponent } from 'preact';
import { ConnectionSection } from './ConnectionSection.tsx';

/** The options page's sections, in menu order. A feature adds its section here. */
export interface OptionsSection {
  id: string;
  title: string;
  component: FunctionComponent;
}

export const sections: OptionsSection[] = [{ id: 'connection', title: 'Connection', component: ConnectionSection }];
