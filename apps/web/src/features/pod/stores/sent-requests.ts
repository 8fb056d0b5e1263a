import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Shipments whose POD request this phone sent and whose decision it waits for:
 * the decision (pod.approved / pod.rejected) is announced wherever the crew is
 * in the app. Kept per tab session.
 */
interface SentRequestsStore {
  shipmentNos: string[];
  add: (shipmentNo: string) => void;
  remove: (shipmentNo: string) => void;
}

export const useSentRequests = create<SentRequestsStore>()(
  persist(
    (set, get) => ({
      shipmentNos: [],
      add: (shipmentNo) => {
        if (!get().shipmentNos.includes(shipmentNo)) set({ shipmentNos: [...get().shipmentNos, shipmentNo].slice(-20) });
      },
      remove: (shipmentNo) => set({ shipmentNos: get().shipmentNos.filter((s) => s !== shipmentNo) }),
    }),
    { name: 'gerai.pod.sent', storage: createJSONStorage(() => sessionStorage), partialize: ({ shipmentNos }) => ({ shipmentNos }) },
  ),
);
