import DialogContent from '@mui/material/DialogContent';
import type { ReactNode } from 'react';
import { useScrollFocus } from '../lib/use-scroll-focus';

/**
 * A dialog's content that the keyboard can scroll: while it overflows (a long list on a phone) it is a region named
 * by the dialog's title and takes focus (WCAG 2.1.1; axe's scrollable-region-focusable); while it fits it is no tab
 * stop. GeneralModal and the service-status dialog (the app's only other DialogContent) hold their content in it.
 */
export function ScrollingDialogContent({ titleId, dividers, children }: { titleId: string; dividers?: boolean; children: ReactNode }) {
  const [watchScroll, scrollTabIndex] = useScrollFocus<HTMLDivElement>();
  return (
    <DialogContent
      dividers={dividers}
      ref={watchScroll}
      tabIndex={scrollTabIndex}
      {...(scrollTabIndex === 0 && { role: 'region', 'aria-labelledby': titleId })}
    >
      {children}
    </DialogContent>
  );
}
