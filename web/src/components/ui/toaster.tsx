// Renders the toast queue with Radix: swipe right past 50 px, Escape or the close button dismiss
// it, F8 focuses the viewport. The queue's own timer decides when it closes (see toast-store).
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { toastStore } from '@/lib/toast-store';

export default function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  return (
    <ToastPrimitive.Provider swipeDirection="right" swipeThreshold={50} duration={Infinity} label="Notification">
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={Infinity}
          onOpenChange={(open) => {
            if (!open) toastStore.dismiss(item.id);
          }}
          onPause={() => toastStore.pause(item.id)}
          onResume={() => toastStore.resume(item.id)}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-in data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] transition-transform',
            item.variant === 'destructive' ? 'border-red-800 bg-red-700 text-white' : 'border-plum-100 bg-white text-ink',
          )}
        >
          <div className="grid gap-1">
            {item.title ? <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title> : null}
            {item.description ? <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description> : null}
          </div>
          <ToastPrimitive.Close aria-label="Fermer la notification" className="absolute right-2 top-2 rounded-full p-1 opacity-70 hover:opacity-100">
            <X aria-hidden="true" className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label="Notifications ({hotkey})"
        className="fixed bottom-0 right-0 z-[200] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
