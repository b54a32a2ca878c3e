import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';

/** What an area's buttons and sections of one record are given (CustomScreens.rowActions, showActions, showSections). */
export interface RecordActionProps {
  record: RaRecord;
}

export type RecordActions = ComponentType<RecordActionProps>;

/** A part of one record's show screen that an area draws (CustomScreens.showSections), usually a layout Section. */
export type RecordSection = ComponentType<RecordActionProps>;
