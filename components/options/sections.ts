import type { FunctionComponent } from 'preact';
import { t } from '../../lib/ui/i18n.ts';
import { ConnectionSection } from './ConnectionSection.tsx';

/** The options page's sections, in menu order. A feature adds its section here. */
export interface OptionsSection {
  id: string;
  /** Shown in the menu; through t() so it is translated. */
  title: string;
  component: FunctionComponent;
}

export const sections: OptionsSection[] = [{ id: 'connection', title: t('sectionConnection', 'Connection'), component: ConnectionSection }];
