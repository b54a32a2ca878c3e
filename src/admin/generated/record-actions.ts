import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';

/** What an area's buttons of one record are given (CustomScreens.rowActions and showActions). */
export interface RecordActionProps {
  record: RaRecord;
}

export type RecordActions = ComponentType<RecordActionProps>;
