/**
 * The outbox scope of everything done to one shipment, whatever the area (picking,
 * packing, proof of delivery, later cancellation and return): its actions reach the
 * server in the order the crew made them.
 */
export const shipmentScope = (shipmentNo: string) => `shipment:${shipmentNo}`;
