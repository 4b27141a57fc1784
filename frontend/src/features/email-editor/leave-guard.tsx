import { useEffect } from 'react'
import { useBlocker } from 'react-router-dom'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import dialogStyles from '../../components/ui/dialog.module.css'

/**
 * Leaving with unsaved changes asks first (in the app), and the browser asks on a reload or close. `keepsDraft`:
 * the page keeps a draft in this browser (templates do; blocks do not, so their changes would be lost).
 */
export function LeaveGuard({ dirty, keepsDraft = true }: { dirty: boolean; keepsDraft?: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  )

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const blocked = blocker.state === 'blocked'
  return (
    <Dialog open={blocked} onClose={() => blocker.reset?.()} title="Leave without saving?">
      <div className={dialogStyles.body}>
        {keepsDraft ? (
          <p>
            Your changes are not saved as a version. They stay as a draft in this browser: open the template
            again to restore them.
          </p>
        ) : (
          <p>Your changes are not saved and will be lost.</p>
        )}
      </div>
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </div>
    </Dialog>
  )
}
