/** Query keys of the chat area: one room per shipment. */
export const chatKeys = {
  all: ['chat'] as const,
  rooms: () => [...chatKeys.all, 'room'] as const,
  room: (shipmentNo: string) => [...chatKeys.rooms(), shipmentNo] as const,
};

/** The mutation key of every change to one shipment's chat. */
export const chatMutationKey = (shipmentNo: string) => [...chatKeys.all, 'change', shipmentNo] as const;

/**
 * The outbox scope of a shipment's chat: its messages reach the server in the order they were
 * written, and apart from the order's own actions, so a refused picking step never holds a message.
 */
export const chatScope = (shipmentNo: string) => `chat:${shipmentNo}`;
