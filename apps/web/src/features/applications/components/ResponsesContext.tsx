import type { CustomStage } from '@jobboard/shared';
import { createContext, useContext } from 'react';

/**
 * What the Responses page knows beyond each row (issue 33): each job's company stages, the jobs the caller may
 * only read (a viewer), and the rows chosen for a bulk move. A context, so the rows' layouts need no new props.
 */
export interface ResponsesContextValue {
  customStages: Record<string, CustomStage[]>;
  readOnly: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  toggle: (applicationId: string) => void;
}

export const ResponsesContext = createContext<ResponsesContextValue>({
  customStages: {},
  readOnly: new Set(),
  selected: new Set(),
  toggle: () => {},
});

export const useResponsesContext = () => useContext(ResponsesContext);
